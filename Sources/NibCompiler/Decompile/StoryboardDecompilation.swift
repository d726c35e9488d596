import NibArchive

extension NibDecompiler {
    /// Decompiles a `.storyboardc`'s nibs (name → archive) and its `Info.plist` into a `.storyboard`.
    public func decompileStoryboard(nibs: [(name: String, archive: NibArchive)], infoPlist: [UInt8]?)
        throws(DecompileError) -> Result
    {
        throw DecompileError(message: "storyboards are not decompiled yet")
    }
}
