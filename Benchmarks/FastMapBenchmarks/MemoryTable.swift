import CBenchReference
import FastMap
import Foundation

/// What a parsed document holds, per corpus, beside its text: FastMap's document (`JSON(data:)`,
/// its copy of the text, cells and decoded strings), `JSONSerialization`'s tree, and the tree
/// jansson builds itself (`json_loadb`), which held FastMap's parsed text before FastMap had a
/// document of its own. Each is the C heap in use with the value alive minus before it was made
/// (glibc's `mallinfo2`, headers and slack included), after one parse to warm each up (a
/// thread's kept simdjson index, Foundation's caches). `make bench` prints it after the speeds;
/// `--memory` prints only this table.
enum MemoryTable {
    struct Row {
        let corpus: String
        let text: Int
        let fastMap: Int
        let fastMapCounted: Int
        let foundation: Int
        let jansson: Int
    }

    static func measure(_ corpus: Corpus) throws -> Row {
        let data = corpus.data
        _ = try JSON(data: data)
        let before = bench_heap_in_use()
        let json = try JSON(data: data)
        let fastMap = bench_heap_in_use() - before
        let counted = json.document.memorySize
        _ = try JSONSerialization.jsonObject(with: data)
        let start = bench_heap_in_use()
        let tree = try JSONSerialization.jsonObject(with: data)
        let foundation = bench_heap_in_use() - start
        withExtendedLifetime(tree) {}
        let jansson = data.withUnsafeBytes { bytes in
            _ = bench_jansson_tree_bytes(bytes.baseAddress, bytes.count)
            return bench_jansson_tree_bytes(bytes.baseAddress, bytes.count)
        }
        return withExtendedLifetime(json) {
            Row(
                corpus: corpus.name, text: data.count, fastMap: fastMap, fastMapCounted: counted,
                foundation: foundation, jansson: jansson)
        }
    }

    static func printTable(corpora: [Corpus]) {
        guard bench_heap_in_use() > 0 else {
            print("\n(no memory table: this C library does not report its heap)")
            return
        }
        let corpusWidth = corpora.map(\.name.count).reduce(6, max) + 2
        var lines = [
            "",
            "a parsed document's memory (heap in use with the value alive; × its text)",
            Report.pad("corpus", corpusWidth) + Report.pad("KB", 8) + Report.pad("FastMap JSON", 20)
                + Report.pad("counted by it", 20) + Report.pad("JSONSerialization", 20) + "jansson json_loadb",
        ]
        func cell(_ bytes: Int, _ text: Int) -> String {
            "\(bytes / 1000) KB \(Report.format(Double(bytes) / Double(text), 2))×"
        }
        for corpus in corpora {
            do {
                let row = try measure(corpus)
                lines.append(
                    Report.pad(row.corpus, corpusWidth) + Report.pad(String(row.text / 1000), 8)
                        + Report.pad(cell(row.fastMap, row.text), 20)
                        + Report.pad(cell(row.fastMapCounted, row.text), 20)
                        + Report.pad(cell(row.foundation, row.text), 20) + cell(row.jansson, row.text))
            } catch {
                lines.append(Report.pad(corpus.name, corpusWidth) + "failed: \(error)")
            }
        }
        print(lines.joined(separator: "\n"))
    }
}
