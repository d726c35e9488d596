/// The processor of the Mac that ran ibtool, which AppKit nibs show in one value:
/// `NSTextAlignment`, which `NSControl` archives as `NSControlTextAlignment`, numbers right and
/// center differently on Intel and on Apple silicon (AppKit's `NSText.h`: right 1 and center 2
/// unless `TARGET_ABI_USES_IOS_VALUES`, as on arm64, where center is 1 and right 2). ibtool
/// archives the number of the processor it runs on (``NibCompiler/Options/buildArchitecture``).
public enum BuildArchitecture: String, Sendable, CaseIterable {
    /// An Intel Mac: right 1, center 2.
    case x86_64
    /// An Apple silicon Mac: center 1, right 2 (UIKit's numbering).
    case arm64

    /// The Mac the nibs of an Xcode show when nothing else says: Intel before Xcode 14, Apple
    /// silicon from 14. The corpus's Xcode 11 to 13 nibs (adium, scribendi's Xcode 13 pairs)
    /// number center 2 and its Xcode 14.0 to 16 ones center 1 (scribendi's 14.2 and AVRFuses'
    /// pairs, every viraptor pair), except Sparkle's, built on an Intel Mac by Xcode 14 and 15.
    static func `default`(for era: XcodeEra) -> BuildArchitecture { era < XcodeEra(14) ? .x86_64 : .arm64 }
}
