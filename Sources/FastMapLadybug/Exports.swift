// `import FastMapLadybug` (in place of `import Ladybug`) makes FastMap's API visible as well.
@_exported import FastMap
