@_spi(FastMapCore) import FastMapCore
import Foundation

extension LadybugTreeEncoder: SingleValueEncodingContainer {
    func encodeNil() throws { store(.makeNull()) }
    func encode(_ value: Bool) throws { store(.makeBool(value)) }
    func encode(_ value: String) throws { store(.makeString(value)) }
    func encode(_ value: Double) throws { store(try makeNumber(value, codingPath: { codingPath })) }
    func encode(_ value: Float) throws { store(try makeNumber(value, codingPath: { codingPath })) }
    func encode(_ value: Int) throws { store(makeInteger(value)) }
    func encode(_ value: Int8) throws { store(makeInteger(value)) }
    func encode(_ value: Int16) throws { store(makeInteger(value)) }
    func encode(_ value: Int32) throws { store(makeInteger(value)) }
    func encode(_ value: Int64) throws { store(makeInteger(value)) }
    func encode(_ value: UInt) throws { store(makeInteger(value)) }
    func encode(_ value: UInt8) throws { store(makeInteger(value)) }
    func encode(_ value: UInt16) throws { store(makeInteger(value)) }
    func encode(_ value: UInt32) throws { store(makeInteger(value)) }
    func encode(_ value: UInt64) throws { store(makeInteger(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        if let scalar = try makeScalar(value, dateCoding: nil, depth: depth, codingPath: { codingPath }) {
            store(scalar)
            return
        }
        let forwarded = child(for: T.self, at: codingNode, placement: .forward(self), depth: depth)
        try value.encode(to: forwarded)
        try forwarded.finish()
    }
}
