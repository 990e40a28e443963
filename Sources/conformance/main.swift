import ConformanceCommand
import ConformanceServe
import Foundation
import ReferenceAuth
import WorldProviderEndpoints

// `swift run conformance`: the catalogue against the reference (with its defects to audit), a server over HTTP
// (`--identity-toolkit URL --project ID`), or the reference served (`serve`, this executable's own: it needs
// SwiftNIO, which no product of the package may bring to a vendor); `--help` says all. One grammar reads every
// command line: the library's, with `serve` and `--variation` added.
let arguments = Array(CommandLine.arguments.dropFirst())
let variation = CommandOption(
    "--variation", .required("NAME"), subcommands: ["run", "stress", "bench"],
    help: """
        run against the reference with one of its conforming variations, which must pass the whole catalogue, e.g. \
        acceptsNonCanonicalBase64URL
        """, valueHelp: "one of: \(Variation.allCases.map(\.name).joined(separator: ", "))"
) { name throws(CommandUsageError) in
    guard Variation(rawValue: name) != nil else {
        let known = Variation.allCases.map(\.name).joined(separator: ", ")
        throw CommandUsageError("--variation needs one of: \(known), not \"\(name)\"")
    }
    return .init(name)
}
let grammar = CommandGrammar.conformance.adding(options: [variation]).adding(
    ServeCommand.subcommand, options: ServeCommand.options)
// Read once here, to choose the subject; a usage error is answered by the command below, with the same grammar.
let parsed = try? grammar.parse(arguments)
if let parsed, parsed.subcommand == ServeCommand.subcommand.name, !parsed.help {
    await ServeCommand.run(parsed, of: arguments, in: grammar)
}
// A server judged over HTTP reaches each check's GitHub and Apple, served on loopback for the run.
let providerEndpoints = parsed?.has("--identity-toolkit") == true ? try? WorldProviderEndpoints() : nil
// The reference with one conforming variation, for its report and the stress gate (no defects to audit).
let chosen = parsed?.value("--variation").flatMap(Variation.init(rawValue:))
let subject = chosen.map { ReferenceSubject(variations: [$0]) } ?? ReferenceSubject()
let variants = chosen == nil ? Defect.variants : []
if let parsed {
    await ConformanceCommand.main(
        subject: subject, variants: variants, parsed: parsed, arguments: arguments, grammar: grammar,
        providerEndpoints: providerEndpoints)
}
// A usage error is answered by the command, which reads the arguments with the same grammar.
await ConformanceCommand.main(subject: subject, variants: variants, arguments: arguments, grammar: grammar)
