import ConformanceCommand
import ConformanceKit
import CrashingSubject
import Foundation

// `swift run crashing-subject`: the whole catalogue against a subject that crashes in sign-out. The report still
// comes: the checks that sign out are `crash`, every other rule is judged (README, "When the subject crashes").
// With `CRASHING_SUBJECT=printing` the subject crashes never and prints on every call instead, with `quiet` it does
// neither: the two must have the same verdicts. With `hanging` its sign-out never returns and blocks every later call
// in the process: only the checks that sign out may hang.
let fault: CrashingSubject.Fault =
    switch ProcessInfo.processInfo.environment["CRASHING_SUBJECT"] {
    case "printing": .printsOnEveryCall
    case "quiet": .none
    case "hanging": .signOutHangsHoldingTheProcess
    default: .signOutResumesTwice
    }
await ConformanceCommand.main(subject: CrashingSubject(fault: fault), variants: CrashingSubject.variants)
