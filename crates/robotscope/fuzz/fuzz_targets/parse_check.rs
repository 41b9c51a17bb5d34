//! Parses arbitrary bytes and asks arbitrary questions; see `robotscope_fuzz::parse_check`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use robotscope_fuzz::ParseInput;

fuzz_target!(|input: ParseInput| {
    robotscope_fuzz::parse_check(&input);
});
