import ConformanceCommand
import ReferenceAuth

// `swift run conformance`: the catalogue against the reference (with its defects to audit), a server over HTTP
// (`--identity-toolkit URL --project ID`), or the reference served (`serve`); `--help` says all.
await ConformanceCommand.main(subject: ReferenceSubject(), variants: Defect.variants)
