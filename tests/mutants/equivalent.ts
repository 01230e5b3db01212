/**
 * Mutants no test can kill because they do not change what the system does, each with the one-line
 * reason printed beside it. Keyed `<transition name>: <mutation>` as the runner prints them
 * (e.g. `session signedIn.active session.activity#0: target → signedIn.idleWarning`).
 * Nothing belongs here only because it is hard to test: that is a missing test, not an equivalence.
 */
export const equivalent: Readonly<Record<string, string>> = {
  'outbox delivering outbox.offline#0: target → idle':
    'delivering always holds a command, so offline idle goes straight on to paused: the same state and context',
  'outbox backingOff outbox.offline#0: target → idle':
    'backingOff always holds a command, so offline idle goes straight on to paused: the same state and context',
  'outbox backingOff after retryAfter#0: target → delivering':
    'backingOff is online with a command waiting, so its target idle goes straight on to delivering: the same state and context',
  'exam-corrector approved corrector.startedGrading#0: target → notAssigned':
    "its one sender (plugins/exams/server/correction/papers.ts startGrading) asks only whether the move is allowed and leaves approved; its UPDATE writes 'inProgress' itself, so her stored status is the same",
  'exam-corrector approved corrector.startedGrading#0: guard dropped':
    'its one sender (correction/papers.ts startGrading, on her first mark of a paper still open to marks) always passes examUnderCorrection: true, so the guard never sees false',
  'exam-lifecycle draft|waitingForApproval|requiredEdit|rejected|approved teacher.deleted#0: target → waitingForApproval':
    'deleting asks only whether teacher.deleted is handled (builder/save.ts deleteExam, mayDelete) and removes the row: nothing reads where it would go',
  'exam-lifecycle draft|waitingForApproval|requiredEdit|approved|assigned|notViewed|inProgress|underCorrection teacher.changedCorrectorsMode#0: target → waitingForApproval':
    "UpdateCorrectors and its checks (builder/correctors.ts, checks.ts) and the builder's convertMode ask only whether the change is handled; none stores or reads where it goes",
  'exam-lifecycle approved teacher.edited#0: guard dropped':
    "every edit the server saves has questions (questionCount 1–150) and shares totalling 100 (percentagesMismatch), others refused with 105, so save.ts's event always passes isEditComplete",
  'exam-lifecycle approved teacher.edited#1: target → waitingForApproval':
    'the fallback of an incomplete edit: every edit the server saves is complete (questionCount 1–150, shares totalling 100, else 105), so the branch is never taken',
  'exam-lifecycle notViewed clock.closed#0: target → done':
    'still notViewed at its close, nobody started it (the first start makes it inProgress), so the close finishes, scores and gives out nothing and goes on to done at once: the same stored exam (its version bumped once, not twice)',
  'take-exam answering navigate.goTo#0: guard dropped':
    'the page sends goTo only from the question map (plugins/exams/components/question-map.tsx), one button per question of the exam, so every index it sends passes isQuestionIndex',
}
