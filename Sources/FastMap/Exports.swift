// `import FastMap` brings the JSON value, key paths, errors and the writer from the core module
// with it; users never import FastMapCore themselves.
@_exported import FastMapCore
