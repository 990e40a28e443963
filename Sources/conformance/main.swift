import ConformanceKit
import ReferenceAuth

await ConformanceCommand.main(subject: ReferenceSubject(), variants: Defect.variants)
