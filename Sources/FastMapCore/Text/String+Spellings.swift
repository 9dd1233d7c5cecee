internal import CFastMap

extension String {
    /// Whether a different sequence of UTF-8 bytes compares equal to this string with `==`.
    ///
    /// Swift compares strings by Unicode canonical equivalence, and so does `JSONDecoder`, whose
    /// members live in a dictionary keyed by `String`: `"cafe\u{301}"` finds `café`, and `"K"`
    /// finds a member spelled with the Kelvin sign. Any string with a non-ASCII scalar may have
    /// other spellings; an ASCII one only when it holds one of the three characters a non-ASCII
    /// one is equal to (`K`, `;`, `` ` ``: `fm_ascii_spellings` in fastmap_sparse.h, which the
    /// sparse builder spells keys with). Every other ASCII string is spelled one way, so a
    /// byte-for-byte lookup that misses it is final.
    ///
    /// Asked for every member a model finds missing, so it reads the contiguous bytes (stepping
    /// through `utf8` was 0.8% of a decode of github_events.json).
    package var hasOtherSpellings: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.contains { fm_byte_has_other_spellings($0) != 0 } }
    }
}
