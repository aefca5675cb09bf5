/// The part of an image that fills a box of another aspect ratio without distortion: the largest
/// crop of `imageSize` with the box's aspect, centred horizontally and on `focusY` (a fraction of the
/// image's height, 0.5 = middle) vertically, kept inside the image.
public func aspectFillSource(imageSize: Size, box: Size, focusY: Double = 0.5) -> Rect {
    guard imageSize.width > 0, imageSize.height > 0, box.width > 0, box.height > 0 else {
        return Rect(origin: .zero, size: imageSize)
    }
    let scale = max(box.width / imageSize.width, box.height / imageSize.height)
    let w = box.width / scale, h = box.height / scale
    let y = min(imageSize.height - h, max(0, focusY * imageSize.height - h / 2))
    return Rect(x: (imageSize.width - w) / 2, y: y, width: w, height: h)
}
