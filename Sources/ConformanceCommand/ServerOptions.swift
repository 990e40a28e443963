import Foundation

/// The options that point the command at an Identity Toolkit server (read by ``IdentityToolkitCommandLine``). The
/// catalogue's subcommands that run a subject take them; `audit` does not, as a server over HTTP has no variants.
extension CommandOption {
    static let serverSubcommands = ["run", "stress", "bench", "list", "catalogue"]

    static let serverOptions: [CommandOption] = [
        CommandOption(
            "--identity-toolkit", .required("URL"), subcommands: serverSubcommands,
            help: """
                run against a server speaking the Identity Toolkit REST API instead of the subject (the Firebase Auth \
                Emulator: http://127.0.0.1:9099), one check at a time, with --project. Before the run it says what \
                it found: the path layout (the emulator's /identitytoolkit.googleapis.com/v1/... or production's \
                /v1/accounts:... at the root), the flows, the outbox and the time control (POST \
                /emulator/v1/projects/ID/clock:advance {"seconds": N}, which runs the checks on the world's clock); \
                what the server lacks is not applicable, with the reason
                """, valueHelp: "the server's URL, e.g. http://127.0.0.1:9099"
        ) { text throws(CommandUsageError) in try IdentityToolkitCommandLine.serverURL(text) },
        CommandOption(
            "--project", .required("ID"), subcommands: serverSubcommands,
            help: "the project the server serves (the emulator's), needed with --identity-toolkit",
            valueHelp: "the server's project ID, e.g. demo-conformance"),
        CommandOption(
            "--api-key", .required("KEY"), subcommands: serverSubcommands,
            help: "the API key of the server's calls (any non-empty key for the emulator; default fake-api-key)",
            valueHelp: "an API key (any non-empty key for the emulator)"),
        CommandOption(
            "--published-keys", .required("URL"), subcommands: serverSubcommands,
            help: """
                the key set of the server's ID tokens (default the one the server publishes at URL/www.googleapis.com/\
                service_accounts/v1/jwk/securetoken@system.gserviceaccount.com, Google's for a server that publishes \
                none there)
                """, valueHelp: "the URL of the JSON Web Key set of the server's ID tokens"
        ) { text throws(CommandUsageError) in
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                throw CommandUsageError("--published-keys needs an http or https URL, not \"\(text)\"")
            }
            return url
        },
        CommandOption(
            "--tenants", subcommands: serverSubcommands,
            help: "each check in a tenant of its own, the checks in parallel"),
        CommandOption(
            "--flows", .required("LIST"), subcommands: serverSubcommands,
            help: "the flows the server offers, not learned: password, phone, mfa, email-link (comma-separated)",
            valueHelp: "the flows the server offers, e.g. password,phone"
        ) { list throws(CommandUsageError) in try IdentityToolkitCommandLine.flows(list) },
        CommandOption(
            "--no-outbox", subcommands: serverSubcommands,
            help: "do not read the server's outbox (rules that need a text or a mail are not applicable)"),
        CommandOption(
            "--admin-token", .required("TOKEN"), subcommands: serverSubcommands,
            help: """
                the server administrator's bearer token (owner for the emulator and conformance serve): without an \
                email outbox, the links a check needs come from the administrator's link route (sendOobCode with \
                returnOobLink), as the Admin SDKs' generate...Link calls ask them; every administrator's call carries \
                it (the config API, the providers' pointing)
                """, valueHelp: "the server administrator's bearer token (owner for the emulator and conformance serve)"
        ),
        CommandOption(
            "--continue-url", .required("URL"), subcommands: serverSubcommands,
            help: """
                the continue URL of the checks' email links, on a domain the server authorizes (by default one of the \
                domains its getProjectConfig answers, else https://PROJECT.firebaseapp.com/...); the checks of \
                unauthorized domains use others
                """, valueHelp: "an absolute https URL on a domain the server authorizes"
        ) { text throws(CommandUsageError) in try IdentityToolkitCommandLine.continueURL(text) },
        CommandOption(
            "--test-phone-number", .required("NUMBER=CODE"), subcommands: serverSubcommands,
            help: """
                a test phone number the server's console has, with its fixed code, e.g. +16505550188=654321: without \
                a config API, the checks that ask for some of these test numbers apply, and those that read no text \
                apply without a text outbox
                """, valueHelp: "a test number and its code, e.g. +16505550188=654321", isRepeatable: true
        ) { text throws(CommandUsageError) in try IdentityToolkitCommandLine.testPhoneNumber(text) },
        CommandOption(
            "--id-token-lifetime", .required("SECONDS"), subcommands: serverSubcommands,
            help: """
                the lifetime of the server's ID tokens in seconds (1 to 3600), any leeway its verification allows \
                included: without a time control, AUTH-4's checks of expired tokens wait a lifetime of a minute or \
                less and a second more in real time instead of being not applicable (conformance serve \
                --id-token-lifetime SECONDS serves such tokens)
                """, valueHelp: "a whole number of seconds, 1 to 3600"
        ) { text throws(CommandUsageError) in try IdentityToolkitCommandLine.idTokenLifetime(text) },
    ]
}
