/// Stands for a property's value inside annotation arguments such as `@Validate({ !$0.isEmpty })`
/// and `@Modify(.ascending(by: \.id))`.
///
/// Swift checks an attribute's arguments before it knows which property the attribute is on, so a
/// closure or key path there cannot learn the property's type. These overloads accept such
/// expressions as written; `@JSONModel` then places the same expression where the property's type
/// is known, and the compiler checks it there. The type has no values: nothing ever calls into it.
@dynamicMemberLookup
public enum JSONModelValue: Sendable {
    /// Any member, of whatever type the expression needs.
    public subscript<Member>(dynamicMember member: String) -> Member {
        switch self {}
    }

    /// Any member, as the next step of a key path (`\.id`).
    public subscript(dynamicMember member: String) -> JSONModelValue {
        switch self {}
    }
}
