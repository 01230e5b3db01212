/** The exam feature's own response codes (Fasl's range; their texts: ./catalogue.ts). 180–189: the builder, approval and correctors. */
export const examCodes = {
  /** An edit of an exam already sent to students (assigned or later): the lifecycle refuses it (HTTP 400, nothing changed). */
  examNotEditable: 180,
  /** Sending for approval an exam that is not a complete draft or one that requires an edit (the lifecycle's guard). */
  examCannotBeSubmitted: 181,
  /** A supervisor's decision, or the teacher's withdrawal, on an exam that is not waiting for approval. */
  examNotWaitingForApproval: 182,
  /** Assigning (sending to students) an exam that is not approved. */
  examNotApproved: 183,
  /** Deleting an exam already assigned to students. */
  examCannotBeDeleted: 184,
  /** A corrector answering an assignment she already answered, or one taken back. */
  correctorAlreadyAnswered: 185,
  /** Switching a published or rejected exam to training mode. */
  examAlreadyPublished: 186,
  /** Editing an exam waiting for approval: the teacher withdraws it first. */
  examWaitingForApproval: 187,
  /** Editing a rejected exam: the supervisor's last word; it is only deleted. */
  examRejected: 188,
  /** A supervisor's decision on a corrector who is not waiting for approval. */
  correctorNotWaitingForApproval: 189,
} as const
