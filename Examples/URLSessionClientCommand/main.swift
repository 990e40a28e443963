import ConformanceCommand
import URLSessionExample

// swift run tinyauth-conformance --identity-toolkit http://127.0.0.1:9099 --project demo-conformance [--tenants] …
await ConformanceCommand.main(client: tinyAuthFactory)
