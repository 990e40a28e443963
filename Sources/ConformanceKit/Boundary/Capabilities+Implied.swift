extension Capabilities {
    /// Whether the subject implements `flow`, declared or implied: what a check's ``Requirement/flow(_:)`` asks.
    ///
    /// ``Flow/password`` is implied by every declared flow whose facets include ``Facet/emailPassword``
    /// (``Flow/multiFactor``, whose first factor is a password, and ``Flow/emailLink``): a subject that offers those
    /// offers password sign-in, so declarations written before ``Flow/password`` existed keep being judged on
    /// AUTH-5, AUTH-7 and AUTH-8 unchanged. A password-only subject declares `[.password]`.
    public func implements(_ flow: Flow) -> Bool {
        flows.contains(flow) || (flow == .password && flows.contains { $0.facets.contains(.emailPassword) })
    }
}
