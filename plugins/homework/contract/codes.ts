/** Homework's own response codes (Fasl's range; their texts: ./catalogue.ts). */
export const homeworkCodes = {
  /** Deleting a homework students already answered, without forceDelete (HTTP 400). */
  homeworkAnswered: 145,
  /** A warning, not a failure: the class room already has homework due that day (spec: "homework already exists for the class"). */
  homeworkExistsForClass: 146,
  /** 150–154: a homework status move the correction machine refuses (HTTP 400, nothing changed). */
  homeworkPastDue: 150,
  homeworkAlreadyHandedIn: 151,
  correctionNotReady: 152,
  correctionAlreadyDone: 153,
  correctionNotDone: 154,
  /** An answer file refused before a byte is stored: 20 files wait for the question already (HTTP 400). */
  answerFilesPending: 155,
  /** A homework file refused before a byte is stored: 20 of the teacher's uploads wait for a homework to list them (HTTP 400). */
  homeworkUploadsPending: 158,
  /** 170–175: undoing a hand-in and extending one student's due date, refused (HTTP 400, nothing changed). */
  undoPastDue: 170,
  undoAfterMarking: 171,
  undoAfterAnswersShown: 172,
  undoNotHandedIn: 173,
  extensionAfterHandIn: 174,
  extensionAfterAnswersShown: 175,
} as const
