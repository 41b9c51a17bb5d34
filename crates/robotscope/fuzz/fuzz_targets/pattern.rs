//! `pattern_matches` against the position-set reference of SPEC A5.2; see `robotscope_fuzz::pattern`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robotscope_fuzz::PatternInput;

fuzz_target!(|input: PatternInput| {
    robotscope_fuzz::pattern(&input);
});
