// `import FastMapModels` makes FastMap's API visible as well.
@_exported import FastMap
