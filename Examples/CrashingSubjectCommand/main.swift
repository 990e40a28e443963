import ConformanceCommand
import ConformanceKit
import CrashingSubject

// `swift run crashing-subject`: the whole catalogue against a subject that crashes in sign-out. The report still
// comes: the checks that sign out are `crash`, every other rule is judged (README, "When the subject crashes").
await ConformanceCommand.main(subject: CrashingSubject(), variants: CrashingSubject.variants)
