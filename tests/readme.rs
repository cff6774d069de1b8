//! The README's `console` examples run against the real binaries (trycmd), so the front
//! door stays true.

#[test]
fn readme_examples_are_true() {
    trycmd::TestCases::new()
        .register_bin("judge", std::path::Path::new(env!("CARGO_BIN_EXE_judge")))
        .case("README.md");
}
