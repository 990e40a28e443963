import ConformanceKit

/// The options this executable parses itself before handing the rest to ``ConformanceCommand``: a server to run
/// against instead of the reference (``IdentityToolkitCommandLine``), and `serve` (``ServeCommand``).
enum ExecutableUsage {
    static let options = """
        This executable also takes:
               conformance --identity-toolkit URL --project ID [--api-key KEY] [--published-keys URL] [--tenants]
                           [the report options above]
               conformance --variation NAME [the report and --repeat options above]
               conformance serve [--port PORT] [--project ID] [--quiet]

          --identity-toolkit URL
                           run against a server speaking the Identity Toolkit REST API instead of the reference
                           (the Firebase Auth Emulator: http://127.0.0.1:9099), one check at a time, with
                           --project ID (the emulator's project) and --api-key KEY (any non-empty key for the
                           emulator; default fake-api-key) and --published-keys URL (the key set of its ID tokens;
                           default Google's); --tenants: each check in a tenant of its own, in parallel
          --variation NAME run against the reference with one of its conforming variations (Variation.swift),
                           which must pass the whole catalogue, e.g. acceptsNonCanonicalBase64URL
          serve            serve the reference as an Identity Toolkit server on 127.0.0.1 (conformance serve --help)

        Exit status with --identity-toolkit: also 69 when the server does not answer, 78 when it serves another
        project than --project or has no outbox to read.
        """
}
