// Rewrites the global-offset-table entries through which loaded ELF objects call named
// functions (here, the C allocator). Linux and glibc only: it walks glibc's list of loaded
// objects (`struct link_map`, whose public head is declared below) and each object's dynamic
// section for its relocation tables.

#if canImport(Glibc)
import Glibc

enum ImportPatcher {
    /// The public head of glibc's `struct link_map` (`<link.h>`); a `dlopen` handle points at one.
    private struct LinkMap {
        var address: UInt
        var name: UnsafePointer<CChar>?
        var dynamic: UnsafeRawPointer?
        var next: UnsafePointer<LinkMap>?
        var previous: UnsafePointer<LinkMap>?
    }

    /// `Elf64_Dyn`, `Elf64_Rela` and `Elf64_Sym` (`<elf.h>`).
    private struct DynamicEntry { var tag: Int64; var value: UInt64 }
    private struct Relocation { var offset: UInt64; var info: UInt64; var addend: Int64 }
    private struct Symbol {
        var name: UInt32; var info: UInt8; var other: UInt8; var section: UInt16
        var value: UInt64; var size: UInt64
    }

    private static let tagPLTRelocationsSize: Int64 = 2, tagStringTable: Int64 = 5
    private static let tagSymbolTable: Int64 = 6, tagRelocations: Int64 = 7
    private static let tagRelocationsSize: Int64 = 8, tagPLTRelocations: Int64 = 23

    /// Points every import of a function named in `replacements` at its replacement, in every
    /// loaded object except glibc and the dynamic loader themselves. Returns the slots rewritten.
    static func redirect(_ replacements: [String: UnsafeRawPointer]) -> Int {
        guard MemoryLayout<UInt>.size == 8, let handle = dlopen(nil, RTLD_NOW) else { return 0 }
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        var rewritten = 0
        var object: UnsafePointer<LinkMap>? = UnsafeRawPointer(handle).assumingMemoryBound(to: LinkMap.self)
        while let map = object {
            object = map.pointee.next
            let name = map.pointee.name.map { String(cString: $0) } ?? ""
            if name.contains("/libc.so") || name.contains("/ld-linux") { continue }
            guard let dynamicSection = map.pointee.dynamic else { continue }
            let base = UInt64(map.pointee.address)
            // glibc relocates these addresses in place on most targets; some keep them relative.
            func address(_ value: UInt64) -> UInt { UInt(value < base ? value &+ base : value) }

            var values: [Int64: UInt64] = [:]
            var entry = dynamicSection.assumingMemoryBound(to: DynamicEntry.self)
            while entry.pointee.tag != 0 {
                values[entry.pointee.tag] = entry.pointee.value
                entry += 1
            }
            guard let symbolTable = values[tagSymbolTable], let stringTable = values[tagStringTable],
                  let symbols = UnsafePointer<Symbol>(bitPattern: address(symbolTable)),
                  let strings = UnsafePointer<CChar>(bitPattern: address(stringTable)) else { continue }
            let tables = [(tagRelocations, tagRelocationsSize), (tagPLTRelocations, tagPLTRelocationsSize)]
            for (tableTag, sizeTag) in tables {
                guard let table = values[tableTag], let size = values[sizeTag],
                      let relocations = UnsafePointer<Relocation>(bitPattern: address(table)) else { continue }
                for i in 0..<Int(size) / MemoryLayout<Relocation>.stride {
                    let symbolIndex = Int(relocations[i].info >> 32)
                    guard symbolIndex != 0,
                          let replacement = replacements[String(cString: strings + Int(symbols[symbolIndex].name))]
                    else { continue }
                    let slot = UInt(base &+ relocations[i].offset)
                    // The table may be read-only after relocation (RELRO): make its page writable.
                    let page = UnsafeMutableRawPointer(bitPattern: slot & ~(pageSize - 1))
                    guard mprotect(page, Int(pageSize), PROT_READ | PROT_WRITE) == 0,
                          let pointer = UnsafeMutablePointer<UnsafeRawPointer>(bitPattern: slot) else { continue }
                    pointer.pointee = replacement
                    rewritten += 1
                }
            }
        }
        return rewritten
    }
}
#endif
