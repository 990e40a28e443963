import ConformanceCommand
import ConformanceServe
import Foundation
import ReferenceAuth
import WorldProviderEndpoints

// `swift run conformance`: the catalogue against the reference (with its defects to audit), a server over HTTP
// (`--identity-toolkit URL --project ID`), or the reference served (`serve`, this executable's own: it needs
// SwiftNIO, which no product of the package may bring to a vendor); `--help` says all.
let arguments = Array(CommandLine.arguments.dropFirst())
let options = """
      --variation NAME run against the reference with one of its conforming variations, which must pass the
                       whole catalogue, e.g. acceptsNonCanonicalBase64URL (with the report and --repeat options)
    """
if arguments.first == "serve" { await ServeCommand.run(Array(arguments.dropFirst())) }
if let index = arguments.firstIndex(of: "--variation") {
    // The reference with one conforming variation, for its report and the stress gate (no defects to audit).
    guard index + 1 < arguments.count, let variation = Variation(rawValue: arguments[index + 1]) else {
        let known = Variation.allCases.map(\.name).joined(separator: ", ")
        let usage = CommandArguments.usage(subject: "ReferenceAuth", executableOptions: options)
        FileHandle.standardError.write(Data("conformance: --variation needs one of: \(known)\n\n\(usage)\n".utf8))
        exit(CommandOutcome.usageError)
    }
    var remaining = arguments
    remaining.removeSubrange(index...(index + 1))
    await ConformanceCommand.main(
        subject: ReferenceSubject(variations: [variation]), arguments: remaining, executableOptions: options)
}
// A server judged over HTTP reaches each check's GitHub and Apple, served on loopback for the run.
let providerEndpoints = arguments.contains("--identity-toolkit") ? try? WorldProviderEndpoints() : nil
await ConformanceCommand.main(
    subject: ReferenceSubject(), variants: Defect.variants, arguments: arguments, executableOptions: options,
    providerEndpoints: providerEndpoints)
