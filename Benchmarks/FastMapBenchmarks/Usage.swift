import Foundation

/// The benchmark's flags, and the check that runs before anything else: a whole run takes
/// minutes and replaces the published results, so a flag it does not know (a typo, `--help`)
/// must not start one.
enum Usage {
    static let text = """
        usage: FastMapBenchmarks [flags]       FastMap against Foundation, in this one process
               FastMapBenchmarks write-corpora DIR
                                               write the corpora a run would use to DIR
        flags:
          --quick               fewer rounds
          --generated           ignore ../shared/bench-data
          --filter TEXT         only the tasks whose "task corpus" contains TEXT
          --corpus NAME         set up only the tasks of the corpus whose file name contains NAME
          --loop NAME SECONDS   run only the competitor NAME of the selected tasks, for profiling
                                (SECONDS, or a count such as 500x)
          --runs N              measure every benchmark in N runs (2 by default)
          --cold                only the first-decode table
          --no-cold             no first-decode table
          --cold-runs N         first decodes per decoder
          --memory              only the table of a parsed document's memory
        Only a whole run (no --filter, no --corpus) writes Benchmarks/results.
        """

    /// The flags that take the next argument as their value.
    private static let valued: Set = ["--filter", "--corpus", "--runs", "--cold-runs"]
    private static let plain: Set = ["--quick", "--generated", "--cold", "--no-cold", "--memory"]

    /// Prints the usage and exits for `--help`, or for a flag this benchmark does not take.
    static func check(_ arguments: [String]) {
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" {
                print(text)
                exit(0)
            }
            if valued.contains(argument) {
                index += 2
            } else if argument == "--loop" {
                index += 3
            } else if plain.contains(argument) || !argument.hasPrefix("-") {
                index += 1
            } else {
                FileHandle.standardError.write(Data("unknown flag \(argument)\n\(text)\n".utf8))
                exit(2)
            }
        }
    }
}
