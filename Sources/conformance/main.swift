import ConformanceCommand
import ConformanceKit
import ConformanceServe
import Foundation
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
await ConformanceCommand.main(
    subject: ReferenceSubject(), variants: Defect.variants, arguments: arguments,
    executableOptions: ExecutableUsage.options)
