import Foundation
@testable import FastMap

let args = CommandLine.arguments
if args[1] == "gen" {
    let n = try RecordGenerator.write(arrayTo: URL(fileURLWithPath: args[2]), linesTo: URL(fileURLWithPath: args[3]), megabytes: Double(args[4])!)
    print("wrote \(n)")
    exit(0)
}
func hwm() -> String { (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?.split(separator: "\n").first { $0.hasPrefix("VmHWM") }.map(String.init) ?? "?" }
let url = URL(fileURLWithPath: args[2])
let size = Double((try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! NSNumber).intValue)
let start = Date()
var count = 0
switch args[1] {
case "single":
    let reader = try FileChunkReader(url: url)
    let parser = try StreamingParser(mode: args.count > 3 ? .lines : .array(.root), maximumDepth: 512)
    var batch: [StreamedElement] = []
    while true {
        var chunk = try reader.next()
        if chunk.isEmpty { break }
        while !chunk.isEmpty {
            let used = parser.feed(chunk, into: &batch)
            chunk = UnsafeRawBufferPointer(rebasing: chunk[used...])
            count += batch.count
            batch.removeAll(keepingCapacity: true)
        }
    }
    parser.finish(into: &batch)
case "pipeline":
    let p = try ElementPipeline(url: url, mode: args.count > 3 ? .lines : .array(.root), maximumDepth: 512)
    try p.forEach { _ in count += 1; return true }
case "whole":
    let json = try JSON(contentsOf: url)
    count = json.count
case "jsondecoder":
    let d = JSONDecoder(); d.dateDecodingStrategy = .iso8601
    count = try d.decode([Rec].self, from: try Data(contentsOf: url)).count
case "jsondecoder-str":
    count = try JSONDecoder().decode([RecS].self, from: try Data(contentsOf: url)).count
case "serialization":
    let obj = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as! [Any]
    count = obj.count
default: fatalError()
}
let t = Date().timeIntervalSince(start)
print(args[1], count, String(format: "%.1f MB/s", size / t / 1e6), hwm())

struct Rec: Decodable { let id: Int; let name: String; let tags: [String]; let score: Double; let active: Bool; let created_at: Date }
struct RecS: Decodable { let id: Int; let name: String; let tags: [String]; let score: Double; let active: Bool; let created_at: String }
