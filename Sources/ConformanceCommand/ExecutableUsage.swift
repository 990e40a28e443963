import ConformanceKit

/// The subcommands and the options that name a server: a server to run against instead of the subject
/// (``IdentityToolkitCommandLine``), and `serve`, which this package's own `conformance` executable answers
/// (`ConformanceServe`, kept out of every product so that no vendor resolves SwiftNIO).
package enum ExecutableUsage {
    package static let options = """
        Subcommands and servers:
               conformance [run] [the options above]
               conformance [run] --identity-toolkit URL --project ID [--api-key KEY] [--published-keys URL] [--tenants]
                           [--flows LIST] [--no-outbox] [--admin-token TOKEN] [--test-phone-number NUMBER=CODE]…
                           [--id-token-lifetime SECONDS]
                           [the report options above]
               conformance serve [--port PORT] [--project ID] [--quiet]

          --identity-toolkit URL
                           run against a server speaking the Identity Toolkit REST API instead of the reference
                           (the Firebase Auth Emulator: http://127.0.0.1:9099), one check at a time, with
                           --project ID (the emulator's project) and --api-key KEY (any non-empty key for the
                           emulator; default fake-api-key) and --published-keys URL (the key set of its ID tokens;
                           default the one the server publishes at URL/www.googleapis.com/service_accounts/v1/jwk/
                           securetoken@system.gserviceaccount.com, Google's for a server that publishes none there);
                           --tenants: each check in a tenant of its own, in parallel. Before the run it says what
                           it found: the path layout (the emulator's /identitytoolkit.googleapis.com/v1/... or
                           production's /v1/accounts:... at the root), the flows, the outbox and the time control
                           (POST /emulator/v1/projects/ID/clock:advance {"seconds": N}, which runs the checks on
                           the world's clock); what the server lacks is not applicable, with the reason
          --flows LIST     the flows the server offers instead of learning them: password, phone, mfa, email-link
                           (or Flow's raw values: multiFactor, emailLink), comma-separated
          --no-outbox      do not read the server's outbox (rules that need a text or a mail are not applicable)
          --admin-token TOKEN
                           the server administrator's bearer token (owner for the emulator and conformance serve):
                           without an email outbox, the links a check needs come from the administrator's link
                           route (sendOobCode with returnOobLink), as the Admin SDKs' generate...Link calls ask them;
                           every administrator's call carries it (the config API, the providers' pointing)
          --test-phone-number NUMBER=CODE
                           a test phone number the server's console has, with its fixed code, e.g.
                           +16505550188=654321 (repeatable): without a config API, the checks that ask for exactly
                           these test numbers apply, and those that read no text apply without a text outbox
          --id-token-lifetime SECONDS
                           the lifetime of the server's ID tokens when it is short (a test server's, 1 to 60 seconds,
                           any leeway its verification allows included): without a time control, AUTH-4's checks of
                           expired tokens wait that long and a second more in real time instead of being not
                           applicable (conformance serve --id-token-lifetime SECONDS serves such tokens)
          serve            serve the reference as an Identity Toolkit server on loopback (conformance serve --help)

        Exit status with --identity-toolkit: also 69 when the server does not answer, 78 when it serves another
        project than --project or answers no Identity Toolkit call.
        """
}
