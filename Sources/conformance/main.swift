import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceAuth

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "serve" { await ServeCommand.run(Array(arguments.dropFirst())) }
do {
    if let server = try IdentityToolkitCommandLine.subject(from: arguments) {
        if !ConformanceCommand.isWorkerProcess, let refused = await IdentityToolkitCommandLine.preflight(server.subject)
        {
            FileHandle.standardError.write(Data(refused.error.utf8))
            exit(refused.status)
        }
        await ConformanceCommand.main(
            subject: server.subject, arguments: server.remaining, executableOptions: ExecutableUsage.options)
    }
} catch {
    let usage = CommandArguments.usage(subject: "the server", executableOptions: ExecutableUsage.options)
    FileHandle.standardError.write(Data("conformance: \(error.message)\n\n\(usage)\n".utf8))
    exit(CommandOutcome.usageError)
}
if let index = arguments.firstIndex(of: "--variation") {
    // The reference with one conforming variation, for its report and the stress gate (no defects to audit).
    guard index + 1 < arguments.count, let variation = Variation(rawValue: arguments[index + 1]) else {
        let known = Variation.allCases.map(\.name).joined(separator: ", ")
        let usage = CommandArguments.usage(subject: "ReferenceAuth", executableOptions: ExecutableUsage.options)
        FileHandle.standardError.write(Data("conformance: --variation needs one of: \(known)\n\n\(usage)\n".utf8))
        exit(CommandOutcome.usageError)
    }
    var remaining = arguments
    remaining.removeSubrange(index...(index + 1))
    await ConformanceCommand.main(
        subject: ReferenceSubject(variations: [variation]), arguments: remaining,
        executableOptions: ExecutableUsage.options)
}
await ConformanceCommand.main(
    subject: ReferenceSubject(), variants: Defect.variants, arguments: arguments,
    executableOptions: ExecutableUsage.options)
