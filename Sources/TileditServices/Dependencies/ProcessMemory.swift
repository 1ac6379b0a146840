import Foundation

/// How the process's allocator treats large buffers.
public enum ProcessMemory {
    /// Buffers of 128 KB and more (a file's bytes, a document's block
    /// table) get memory of their own from the system and give it back when
    /// freed. Without it, glibc's allocator raises that threshold to the
    /// largest buffer freed so far (up to 32 MB) and keeps later buffers of
    /// that size in its heap, so memory freed after opening a large file
    /// stays counted as the process's; the editor's peak memory is the sum
    /// of buffers that are never alive at once. Call it once, first thing
    /// (the composition root does). Nothing happens where the C library has
    /// no `mallopt` (it is looked up at run time: the Glibc module leaves it out).
    public static func returnLargeBuffersWhenFreed() {
        #if os(Linux)
        typealias Option = @convention(c) (Int32, Int32) -> Int32
        // RTLD_DEFAULT: the symbols of the process and the libraries it loaded.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Option.self)
        // M_MMAP_THRESHOLD (malloc.h): fixed, so the threshold no longer follows frees.
        _ = mallopt(-3, 128 * 1024)
        #endif
    }
}
