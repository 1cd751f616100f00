//! Links libhitkit with the flags of `pkg-config --libs hitkit`, as a C program would
//! (Docs/CAPI.md, "Linking"). PKG_CONFIG_PATH must name PREFIX/lib/pkgconfig.
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let out = Command::new("pkg-config")
        .args(["--libs", "hitkit"])
        .output()
        .expect("running pkg-config");
    if !out.status.success() {
        panic!(
            "pkg-config --libs hitkit failed (is PKG_CONFIG_PATH set to PREFIX/lib/pkgconfig?): {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Libs is "-LDIR -Wl,-rpath,DIR -lhitkit": cargo takes -L and -l as its own directives; the
    // rpath goes to the linker as is, so the binary runs without LD_LIBRARY_PATH.
    for flag in String::from_utf8(out.stdout).expect("UTF-8 flags").split_whitespace() {
        if let Some(dir) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={dir}");
        } else if let Some(lib) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib=dylib={lib}");
        } else {
            println!("cargo:rustc-link-arg={flag}");
        }
    }
}
