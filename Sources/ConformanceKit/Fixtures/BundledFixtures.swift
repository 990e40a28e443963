/// The bundled fixtures the checks read, each loaded and validated once per process, when a check first asks for it:
/// a file read and JSON decoding in every check that uses it was a twentieth of a whole catalogue run. A fixture is
/// constant for the process; an unreadable one fails every check that reads it, with the same ``FixtureError``.
enum BundledFixtures {
    static let e164 = Result { () throws(FixtureError) in try Fixture<String>.load("phone", "e164") }
    static let emailLinks = Result { () throws(FixtureError) in try Fixture<String>.load("email-link", "links") }
    static let customParameters = Result { () throws(FixtureError) in
        try Fixture<CustomParametersInput>.load("oauth", "custom-parameters")
    }
}
