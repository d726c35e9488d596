import Foundation

/// Apple's ICC profiles, which AppKit embeds in every archived `NSColorSpace` (`NSICC`).
///
/// They are Apple's files and cannot ship with NibKit: the compiler reads them from a folder
/// (`--color-profiles`, by default `/System/Library/ColorSync/Profiles` on macOS) and refuses
/// to compile a color that needs one it cannot find.
struct ColorProfiles {
    /// A profile the pairs show inside `NSColorSpace`, with the file it comes from on macOS.
    enum Profile: CaseIterable, Sendable {
        /// Generic Gray Gamma 2.2 (4 508 bytes in the pairs): catalog grays, `NSID` 9.
        case genericGrayGamma22
        /// sRGB IEC61966-2.1 (3 144 bytes in the pairs): catalog RGB colors, `NSID` 7.
        case sRGB

        /// The profile's file name in `/System/Library/ColorSync/Profiles`.
        var fileName: String {
            switch self {
            case .genericGrayGamma22: "Generic Gray Gamma 2.2 Profile.icc"
            case .sRGB: "sRGB Profile.icc"
            }
        }

        /// The ICC data color space signature (header bytes 16–19).
        var dataColorSpace: String {
            switch self {
            case .genericGrayGamma22: "GRAY"
            case .sRGB: "RGB "
            }
        }
    }

    /// Where ibtool's own machine keeps the profiles, when this is that machine.
    static var systemDirectory: URL? {
        let folder = URL(fileURLWithPath: "/System/Library/ColorSync/Profiles", isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return folder
    }

    /// The folder to read profiles from; `nil` when none was given and this is not macOS.
    let directory: URL?

    /// The bytes of `profile`, checked to be an ICC profile of the right color space.
    ///
    /// - Throws: a description of what is missing or wrong, for the caller's ``CompileError``.
    func bytes(of profile: Profile) -> Result<[UInt8], ProfileError> {
        guard let directory else {
            return .failure(
                ProfileError(
                    message:
                        "this color embeds Apple's ICC profile \"\(profile.fileName)\"; pass --color-profiles DIR (the folder holding it, /System/Library/ColorSync/Profiles on macOS)"
                ))
        }
        let url = directory.appendingPathComponent(profile.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return .failure(
                ProfileError(
                    message:
                        "this color embeds Apple's ICC profile \"\(profile.fileName)\", which is not in \(directory.path) (--color-profiles)"
                ))
        }
        let bytes = [UInt8](data)
        guard Self.isProfile(bytes, dataColorSpace: profile.dataColorSpace) else {
            return .failure(
                ProfileError(
                    message:
                        "\(url.path) is not an ICC profile with data color space \"\(profile.dataColorSpace)\" (--color-profiles)"
                ))
        }
        return .success(bytes)
    }

    /// Whether `bytes` hold an ICC profile header (`acsp` signature, declared size equal to
    /// the length) with the data color space `signature`.
    static func isProfile(_ bytes: [UInt8], dataColorSpace signature: String) -> Bool {
        guard bytes.count >= 128 else { return false }
        let declared = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        return declared == bytes.count && Array(bytes[36..<40]) == Array("acsp".utf8)
            && Array(bytes[16..<20]) == Array(signature.utf8)
    }

    /// Why a profile could not be used.
    struct ProfileError: Error {
        /// A sentence naming the profile and the option.
        var message: String
    }
}
