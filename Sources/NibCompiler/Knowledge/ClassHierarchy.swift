/// The UIKit and AppKit classes Interface Builder elements stand for, and their superclasses.
///
/// The compiler falls back on this when a document has an element no rule models: the element
/// is archived under its own runtime class with what is known for the nearest modelled
/// superclass (a `<pageControl>` gets the `UIView` keys as a `UIPageControl`; a
/// `<levelIndicator>` the `NSView` keys as an `NSLevelIndicator`), and a warning says so.
/// The superclass links are the public class declarations of UIKit, AppKit and the frameworks
/// whose views Interface Builder offers (MapKit, WebKit, SceneKit, SpriteKit, AVKit, PDFKit).
enum ClassHierarchy {
    /// Runtime class → superclass, for the classes whose place in the hierarchy decides what is
    /// archived (views, controls, controllers, cells, gesture recognizers, bar items).
    static let superclasses: [String: String] = [
        // UIKit views.
        "UIView": "UIResponder", "UIControl": "UIView", "UIButton": "UIControl", "UISwitch": "UIControl",
        "UISlider": "UIControl", "UISegmentedControl": "UIControl", "UITextField": "UIControl",
        "UIStepper": "UIControl", "UIPageControl": "UIControl", "UIDatePicker": "UIControl",
        "UIColorWell": "UIControl", "UIRefreshControl": "UIControl", "UILabel": "UIView", "UITableViewLabel": "UILabel",
        "UIImageView": "UIView",
        "UIScrollView": "UIView", "UITableView": "UIScrollView", "UICollectionView": "UIScrollView",
        "UITextView": "UIScrollView", "UIStackView": "UIView", "UIActivityIndicatorView": "UIView",
        "UIProgressView": "UIView", "UIPickerView": "UIView", "UISearchBar": "UIView", "UIToolbar": "UIView",
        "UINavigationBar": "UIView", "UITabBar": "UIView", "UIVisualEffectView": "UIView",
        "_UIVisualEffectContentView": "UIView", "UIWebView": "UIView",
        "UITableViewCell": "UIView", "UITableViewCellContentView": "UIView",
        "UITableViewHeaderFooterView": "UIView", "UICollectionReusableView": "UIView",
        "UICollectionViewCell": "UICollectionReusableView", "UIInputView": "UIView", "WKWebView": "UIView",
        "MKMapView": "UIView", "GLKView": "UIView", "SCNView": "UIView", "ARSCNView": "SCNView",
        "SKView": "UIView", "MTKView": "UIView", "ADBannerView": "UIView", "ARSKView": "SKView",
        // UIKit controllers and other objects.
        "UIViewController": "UIResponder", "UINavigationController": "UIViewController",
        "UITabBarController": "UIViewController", "UITableViewController": "UIViewController",
        "UICollectionViewController": "UIViewController", "UIPageViewController": "UIViewController",
        "UISplitViewController": "UIViewController", "AVPlayerViewController": "UIViewController",
        "GLKViewController": "UIViewController", "UIResponder": "NSObject",
        "UIGestureRecognizer": "NSObject", "UITapGestureRecognizer": "UIGestureRecognizer",
        "UIPanGestureRecognizer": "UIGestureRecognizer", "UIPinchGestureRecognizer": "UIGestureRecognizer",
        "UISwipeGestureRecognizer": "UIGestureRecognizer", "UILongPressGestureRecognizer": "UIGestureRecognizer",
        "UIRotationGestureRecognizer": "UIGestureRecognizer",
        "UIScreenEdgePanGestureRecognizer": "UIPanGestureRecognizer", "UIBarItem": "NSObject",
        "UIBarButtonItem": "UIBarItem", "UITabBarItem": "UIBarItem", "UINavigationItem": "NSObject",
        // AppKit views.
        "NSView": "NSResponder", "NSControl": "NSView", "NSButton": "NSControl", "NSPopUpButton": "NSButton",
        "NSTextField": "NSControl", "NSSecureTextField": "NSTextField", "NSSearchField": "NSTextField",
        "NSComboBox": "NSTextField", "NSTokenField": "NSTextField", "NSSlider": "NSControl",
        "NSLevelIndicator": "NSControl", "NSPathControl": "NSControl", "NSSegmentedControl": "NSControl",
        "NSStepper": "NSControl", "NSDatePicker": "NSControl", "NSImageView": "NSControl",
        "NSColorWell": "NSControl", "NSMatrix": "NSControl", "NSTableView": "NSControl",
        "NSOutlineView": "NSTableView", "NSBrowser": "NSControl", "NSRuleEditor": "NSControl",
        "NSPredicateEditor": "NSRuleEditor", "NSBox": "NSView", "NSTabView": "NSView", "NSScrollView": "NSView",
        "NSClipView": "NSView", "NSSplitView": "NSView", "NSStackView": "NSView", "NSText": "NSView",
        "NSTextView": "NSText", "NSProgressIndicator": "NSView", "NSVisualEffectView": "NSView",
        "NSCollectionView": "NSView", "NSCustomView": "NSView", "NSOpenGLView": "NSView",
        "NSTableCellView": "NSView", "NSTableRowView": "NSView", "NSGridView": "NSView",
        "NSCollectionViewItem": "NSViewController", "PDFView": "NSView", "PDFThumbnailView": "NSView",
        "WebView": "NSView", "AVPlayerView": "NSView", "IKImageView": "NSView", "QCView": "NSView",
        "NSViewController": "NSResponder", "NSWindowController": "NSResponder", "NSResponder": "NSObject",
        "NSCell": "NSObject", "NSActionCell": "NSCell", "NSButtonCell": "NSActionCell",
        "NSTextFieldCell": "NSActionCell", "NSLevelIndicatorCell": "NSActionCell",
        "NSPathCell": "NSActionCell", "NSSliderCell": "NSActionCell", "NSImageCell": "NSCell",
        "NSMenuItemCell": "NSButtonCell", "NSPopUpButtonCell": "NSMenuItemCell",
        "NSSecureTextFieldCell": "NSTextFieldCell", "NSComboBoxCell": "NSTextFieldCell",
        "NSSearchFieldCell": "NSTextFieldCell", "NSTokenFieldCell": "NSTextFieldCell",
        "NSTableHeaderCell": "NSTextFieldCell", "NSStepperCell": "NSActionCell", "NSSegmentedCell": "NSActionCell",
        "NSDatePickerCell": "NSActionCell", "NSSwitch": "NSControl", "NSPageController": "NSViewController",
        "NSSplitViewController": "NSViewController", "NSTabViewController": "NSViewController",
        "UIHostingController": "UIViewController",
        // Storyboard segue templates (UIKit's private classes, named in every compiled storyboard).
        "UIStoryboardSegueTemplate": "NSObject", "UIStoryboardPushSegueTemplate": "UIStoryboardSegueTemplate",
        "UIStoryboardShowSegueTemplate": "UIStoryboardSegueTemplate",
        "UIStoryboardPresentationSegueTemplate": "UIStoryboardSegueTemplate",
        "UIStoryboardEmbedSegueTemplate": "UIStoryboardSegueTemplate",
        "UIStoryboardModalSegueTemplate": "UIStoryboardSegueTemplate",
        "UIStoryboardPopoverPresentationSegueTemplate": "UIStoryboardSegueTemplate",
        "UIStoryboardUnwindSegueTemplate": "UIStoryboardSegueTemplate",
    ]

    /// Classes whose superclass differs in AppKit (the frameworks that ship one class name on
    /// both platforms: WebKit, MapKit, SceneKit, SpriteKit, MetalKit).
    static let appKitSuperclasses: [String: String] = [
        "WKWebView": "NSView", "MKMapView": "NSView", "SCNView": "NSView", "SKView": "NSView", "MTKView": "NSView",
    ]

    /// Element names whose class is not the prefix and the capitalized name.
    static let uiKitElementClasses: [String: String] = [
        "containerView": "UIView", "mapView": "MKMapView", "wkWebView": "WKWebView", "arscnView": "ARSCNView",
        "arskView": "ARSKView", "sceneKitView": "SCNView", "skView": "SKView", "glkView": "GLKView",
        "mtkView": "MTKView", "adBannerView": "ADBannerView", "customObject": "NSObject",
        "avPlayerViewController": "AVPlayerViewController", "glkViewController": "GLKViewController",
        "collectionViewCellContentView": "UIView", "pongPressGestureRecognizer": "UILongPressGestureRecognizer",
        "viewControllerPlaceholder": "UIStoryboardViewControllerPlaceholder",
    ]
    static let appKitElementClasses: [String: String] = [
        "customView": "NSView", "customObject": "NSObject", "pdfView": "PDFView",
        "pdfThumbnailView": "PDFThumbnailView",
        "webView": "WebView", "wkWebView": "WKWebView", "mapView": "MKMapView", "avPlayerView": "AVPlayerView",
        "sceneView": "SCNView", "skView": "SKView", "ikImageView": "IKImageView", "quartzComposerView": "QCView",
        "openGLView": "NSOpenGLView", "mtkView": "MTKView", "containerView": "NSView",
        "pagecontroller": "NSPageController", "switch": "NSSwitch",
    ]

    /// The UIKit class an element stands for: `<pageControl>` → `UIPageControl`.
    static func uiKitClass(forElement name: String) -> String {
        uiKitElementClasses[name] ?? "UI" + capitalized(name)
    }

    /// The AppKit class an element stands for: `<levelIndicator>` → `NSLevelIndicator`.
    static func appKitClass(forElement name: String) -> String {
        appKitElementClasses[name] ?? "NS" + capitalized(name)
    }

    /// Whether `className` is `ancestor` or inherits from it, as far as ``superclasses`` knows.
    static func isKind(_ className: String, of ancestor: String, appKit: Bool = false) -> Bool {
        lineage(of: className, appKit: appKit).contains(ancestor)
    }

    /// `className` and its known superclasses, nearest first (in AppKit when `appKit`).
    static func lineage(of className: String, appKit: Bool = false) -> [String] {
        var result: [String] = []
        var current: String? = className
        while let name = current, result.count < 64 {
            result.append(name)
            current = (appKit ? appKitSuperclasses[name] : nil) ?? superclasses[name]
        }
        return result
    }

    private static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        return first.uppercased() + name.dropFirst()
    }
}
