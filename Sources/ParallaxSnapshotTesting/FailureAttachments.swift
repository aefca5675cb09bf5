import Foundation
import SnapshotTesting
import Testing

/// swift-snapshot-testing (1.19) attaches a diff's images only under Xcode, and never on Linux, where
/// XCTest has no attachments. There, inside a Swift Testing test, the frame strategy records them as
/// Swift Testing attachments itself (`swift test --attachments-path DIR` keeps them).
func recordAttachmentsWhereTheLibraryDoesNot(_ attachments: [DiffAttachment]) {
    #if os(Linux) || os(Android) || os(Windows)
    let libraryAttaches = false
    #else
    let libraryAttaches = ProcessInfo.processInfo.environment.keys.contains("__XCODE_BUILT_PRODUCTS_DIR_PATHS")
    #endif
    guard !libraryAttaches, Test.current != nil else { return }
    for case let .data(data, name) in attachments {
        Attachment.record([UInt8](data), named: name)
    }
}
