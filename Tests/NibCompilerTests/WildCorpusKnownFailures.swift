/// The wild documents that still stop at an error, by the error that stops them (the suite
/// writes every failing document with its error to `NIBKIT_WILD_FAILURES=FILE`).
extension WildCorpusTests {
    static let knownFailures: Set<String> = [
        // Legacy Interface Builder 3 documents (`<archive type="com.apple.InterfaceBuilder3…">`,
        // Xcode 3 and 4): a different XML format (an archive of IB objects), not compiled yet.
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_ListingWindow.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_MainIcon.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_MainMenu.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceCreateAccount.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceIntro.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceLogin.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceProve.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceSorry.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceTermsOfService.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_VPNServiceWelcome.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_Welcome-RTL.xib",
        "legacy/Tunnelblick__Tunnelblick__tunnelblick_Welcome.xib",
        "legacy/artsy__energy__Classes_Controllers_Login & Setup_Login_ARLogoutViewController.xib",
        "legacy/inaturalist__INaturalistIOS__INaturalistIOS_Views_TaxonTwoNameTableViewCell.xib",
        "legacy/zulip__zulip-ios__Zulip_Views_SidebarSectionHeader.xib",
        "legacy/zulip__zulip-ios__Zulip_en.lproj_FirstViewController.xib",
        "legacy/zulip__zulip-ios__Zulip_en.lproj_MainWindow~iphone.xib",
        "legacy/zulip__zulip-ios__Zulip_iPad_en.lproj_MainWindow~ipad.xib",
    ]
}
