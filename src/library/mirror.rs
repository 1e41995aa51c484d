//! A seat's table on another computer: the host sends the seat's view (`MatchFace::view_on_wire`)
//! and the player's side makes of it a match of its own, the mirror, with what the view hides
//! re-dealt at random (`BotHints::determinize`, as the bots sample). The table, the hints and the
//! bots then work on the mirror as on a local match, and know nothing the view does not: every
//! other seat's secret in it is a guess. Moves go back to the host, which alone applies them.

use crate::bots::BotHints;
use crate::rules::record::Match;
use crate::rules::{GameRng, TableConfig};

use super::any_match::MatchFace;
use super::shelf::Library;

/// The mirror of a view read from the wire, for the table of `config` (whose seed the host
/// keeps: the mirror's is `seed`, the player's own, as the re-deal's), or why not: not a view of
/// this game, or one that cannot be re-dealt.
pub(super) fn mirror_match<G: BotHints>(
    library: &Library,
    config: TableConfig,
    view: &str,
    seed: u64,
) -> Result<Box<dyn MatchFace>, String> {
    let content = library.content::<G>().map_err(|e| e.to_string())?;
    let mut view: G::View = serde_json::from_str(view).map_err(|e| {
        format!(
            "the host sent a table this Camelot cannot read as {}: {e}",
            G::ID.title()
        )
    })?;
    G::attach_content(&mut view, &content);
    // A view that does not add up could trip the re-deal, whose callers are otherwise the bots on
    // views the rules made: such a view is refused like one that does not parse.
    let dealt = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        G::determinize(&view, &mut GameRng::seeded(seed))
    }));
    let state = match dealt {
        Ok(Some(state)) => state,
        _ => {
            return Err(format!(
                "the host sent a table of {} that does not add up",
                G::ID.title()
            ));
        }
    };
    Ok(Box::new(Match::<G> {
        config,
        content_hash: library.content_hash(G::ID),
        state,
        actions: Vec::new(),
        actors: Vec::new(),
        undo_floor: 0,
    }))
}
