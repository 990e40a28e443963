import ConformanceCommand
import ConformanceServe
import ReferenceAuth

// `swift run conformance`: the catalogue against the reference (with its defects to audit), a server over HTTP
// (`--identity-toolkit URL --project ID`), or the reference served (`serve`, this executable's own: it needs
// SwiftNIO, which no product of the package may bring to a vendor); `--help` says all.
if CommandLine.arguments.dropFirst().first == "serve" {
    await ServeCommand.run(Array(CommandLine.arguments.dropFirst(2)))
}
await ConformanceCommand.main(subject: ReferenceSubject(), variants: Defect.variants)
