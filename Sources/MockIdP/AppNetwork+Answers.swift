/// The answers' way back: held by checks, waited for by a backend that finishes its work once its answer has left.
extension AppNetwork {
    /// Holds the answer to every request from now on, on its way back to the app, until the check releases it;
    /// `onHeld` hears each one held, with its number. The backend has finished the request, except for the work it
    /// left for after its answer (``afterAnswer(_:)``), which waits with the answer.
    package func holdAnswers(onHeld: @escaping @Sendable (Int) -> Void) -> Hold { answers.hold(onHeld: onHeld) }

    /// For a backend answering a request the app sent through ``send(_:from:isolation:_:)``: runs `work` once the
    /// answer has left, as a server that writes its response first and records afterwards; false, and nothing done,
    /// outside such a request (the caller then does the work itself). The work runs after the answer's way back
    /// (held there while a check holds answers) and before the app reads the answer.
    public func afterAnswer(_ work: @escaping @Sendable () async -> Void) -> Bool {
        guard let exchange = AnswerLeg.current else { return false }
        exchange.append(work)
        return true
    }
}
