//! `judge gen`: seeded, replayable cases in the testcase format.

use std::io::{self, BufWriter, Write};

use anyhow::Result;
use clap::Args;

use super::{EXIT_OK, GeneratorArgs, parse_positive};
use crate::problem::format::write_case;
use crate::problem::generator::{Coverage, Strategy};

/// Arguments of `judge gen`.
#[derive(Debug, Args)]
#[command(
    after_help = "Case i depends only on (seed, i): `--start 41 --count 1` prints case 41 \
                        of any run with that seed. See --list-strategies."
)]
pub struct GenArgs {
    #[command(flatten)]
    generator: GeneratorArgs,
    /// How many cases.
    #[arg(long, default_value = "10", value_parser = parse_positive)]
    count: u64,
    /// Index of the first case (to replay case i of a run).
    #[arg(long, default_value_t = 0)]
    start: u64,
    /// Print the strategies, one line each, and exit.
    #[arg(long)]
    list_strategies: bool,
    /// Print the coverage grid of the generated cases to stderr after them.
    #[arg(long)]
    coverage: bool,
}

/// Writes the cases to stdout.
pub fn run(args: GenArgs) -> Result<u8> {
    if args.list_strategies {
        for strategy in Strategy::ALL {
            println!("{:<15} {}", strategy.name(), strategy.description());
        }
        return Ok(EXIT_OK);
    }
    let generator = args.generator.generator()?;
    if args.generator.seed.is_none() {
        eprintln!("seed: {}", generator.seed());
    }
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut coverage = Coverage::default();
    let written = (args.start..args.start.saturating_add(args.count)).try_for_each(|index| {
        let (_, stones) = generator.case(index);
        if args.coverage {
            coverage.add(&stones);
        }
        write_case(&mut out, &stones)
    });
    match written.and_then(|()| out.flush()) {
        // A reader that stopped early (`| head`) is a normal end.
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    if args.coverage {
        eprintln!("{coverage}");
    }
    Ok(EXIT_OK)
}
