// The ingestion service: `swift run -c release IngestService` in Examples/IngestService.
import Foundation
import IngestKit

let configuration: IngestConfiguration
do {
    configuration = try IngestConfiguration(arguments: Array(CommandLine.arguments.dropFirst()))
    try FileManager.default.createDirectory(
        atPath: (configuration.databasePath as NSString).deletingLastPathComponent,
        withIntermediateDirectories: true)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
let store = try EventStore(path: configuration.databasePath)
let app = IngestService.makeApplication(configuration: configuration, store: store) { port in
    let line = "IngestService listening on http://\(configuration.host):\(port), storing events in \(store.path)\n"
    FileHandle.standardOutput.write(Data(line.utf8))
}
try await app.runService()
