import FastMap
import Testing

/// Runs `body`, requires it to throw a ``FastMapError`` of `kind` at `path` (`$.a[0].b` form),
/// and returns the error for further checks.
@discardableResult
func expectMappingError<T>(
    _ kind: FastMapError.Kind, at path: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) -> FastMapError? {
    do {
        let value = try body()
        Issue.record("expected a \(kind) error at \(path), got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch let error as FastMapError {
        #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.pathDescription == path, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected a FastMapError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses a fixture written in the test.
func json(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
    do {
        return try JSON(string: text)
    } catch {
        Issue.record("fixture does not parse: \(error)", sourceLocation: sourceLocation)
        return .null
    }
}
