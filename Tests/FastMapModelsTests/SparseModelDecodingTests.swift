import FastMapModels
import FastMapTestSupport
import Foundation
import Testing

@JSONModel
struct SparsePathModel: Equatable {
    @Key("data.user.name") let name: String
    @Key("data.tags[1]") let secondTag: String?
    @Key("meta.count") let count: Int?
    let id: Int
}

@Suite("@JSONModel paths decoded sparsely")
struct SparseModelDecodingTests {
    /// Issue #17: `@Key` paths read through the sparse tree exactly as through a full one,
    /// including paths met for the first time, missing steps and wrong kinds along a path.
    @Test func pathsMatchTheFullTree() {
        let documents = [
            #"{"id":1,"data":{"user":{"name":"a","age":3},"tags":["x","y"],"skip":[1,2]},"other":{}}"#,
            // Learned from (a type's second decode): members nobody reads make it worth filtering.
            #"{"id":7,"data":{"user":{"name":"g","age":9},"tags":["z"],"skip":[3]},"other":{"k":[1,2]}}"#,
            #"{"id":2,"data":{"user":{"name":"b"},"tags":["x"]},"meta":{"count":5,"more":true}}"#,
            #"{"id":3,"data":{"user":{"nom":"c"}}}"#,
            #"{"id":4,"data":{"user":[1],"tags":"no"}}"#,
            #"{"id":5,"data":{"user":{"name":"e"},"tags":[1,"two"]},"meta":null}"#,
            #"{"id":"6","data":{"user":{"name":"f"}}}"#,
        ]
        let statistics = expectSparseMatchesFull(SparsePathModel.self, documents, rounds: 3)
        #expect(statistics.filteredDecodes > 0)
    }
}
