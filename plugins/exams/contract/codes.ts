/** The exam feature's own response codes (Fasl's range; their texts: ./catalogue.ts). 180–189: the builder, approval and correctors. */
export const examCodes = {
  /** The exam's status allows no edit (past assigned: it opened, or is corrected or published) (HTTP 400, nothing changed). */
  examNotEditable: 180,
  /** Sending for approval from a status that cannot be sent (only a draft or one that requires an edit can). */
  examCannotBeSubmitted: 181,
  /** A supervisor's decision on an exam that is not waiting for approval. */
  examNotWaitingForApproval: 182,
  /** Assigning (sending to students) an exam that is not approved. */
  examNotApproved: 183,
  /** Deleting an exam already assigned to students. */
  examCannotBeDeleted: 184,
  /** A corrector answering an assignment she already answered, or one taken back. */
  correctorAlreadyAnswered: 185,
  /** Switching a published exam to training mode. */
  examAlreadyPublished: 186,
} as const
