/// Which of a frame's listed decodes (`DisplayList.prefetch`) to queue, and in what order
/// (docs/photo-folders.md, "Prefetch"). The list comes most important first: a fling's landing, then
/// the cells on the way. Items are admitted in that order, each only if, with it, every admitted item
/// is still up in time when they run in the order they show; so a card on the way never makes the
/// landing late, and runs before it when it shows first. Running the landing first instead (as
/// listed) left the first cards after every release as placeholders at 8,000 px/s: they were due
/// before the landing's decodes were done.
enum PrefetchSchedule {
    struct Item: Equatable {
        /// Seconds until the image shows.
        var due: Double
        /// Seconds its texture takes to go up once decoded (`TextureCache.uploadBudget` texels a frame).
        var uploadSeconds: Double
    }

    /// Indices into `items`, in the order to decode them: by due time (ties in listed order), on
    /// `workers` workers taking `decodeSeconds` a decode, the `k`-th done at `(k / workers + 1) *
    /// decodeSeconds`, then up after its upload time.
    static func order(_ items: [Item], decodeSeconds: Double, workers: Int) -> [Int] {
        let workers = max(1, workers)
        func ready(_ position: Int, _ item: Item) -> Double {
            Double(position / workers + 1) * decodeSeconds + item.uploadSeconds
        }
        var admitted: [Int] = []
        for i in items.indices {
            let at = admitted.firstIndex { items[$0].due > items[i].due } ?? admitted.count
            // Those before it keep their places; it and those after it must still be in time.
            let shifted = [i] + admitted[at...]
            let inTime = shifted.enumerated().allSatisfy { offset, index in
                ready(at + offset, items[index]) <= items[index].due
            }
            if inTime { admitted.insert(i, at: at) }
        }
        return admitted
    }
}
