//! serde_json with derived decoders on the twitter and canada shapes of
//! `Benchmarks/FastMapBenchmarks/Models/` (the same members, the same types): the Rust anchor
//! FastMap's decoders are measured against. Prints one line per corpus,
//! `DECODER CORPUS MEDIAN_MB/S MIN MAX SAMPLES`, which `make bench` reads back: DECODER is
//! `serde_json`, or `serde_json/float_roundtrip` when built with this crate's `float_roundtrip`
//! feature. For canada.json it first prints, as a `#` line, how many coordinates serde_json read
//! as a double other than the nearest one (Rust's own `str::parse`, correctly rounded, decides).
//!
//! Usage: serde-anchor [--samples N] FILE... (a file's name says its shape: twitter or canada)

// The models declare every member the Swift models read; most are decoded, never read back.
#![allow(dead_code)]

use serde_derive::Deserialize;
use std::collections::HashMap;
use std::time::Instant;

// twitter.json: the members TwitterSearch and its parts read, nothing more (serde, like
// Codable, skips the others).

#[derive(Deserialize)]
struct TwitterSearch {
    statuses: Vec<Status>,
    search_metadata: SearchMetadata,
}

#[derive(Deserialize)]
struct SearchMetadata {
    completed_in: f64,
    max_id: u64,
    query: String,
    count: i64,
}

#[derive(Deserialize)]
struct Status {
    metadata: StatusMetadata,
    created_at: String,
    id: u64,
    id_str: String,
    text: String,
    source: String,
    truncated: bool,
    in_reply_to_status_id: Option<u64>,
    in_reply_to_user_id: Option<u64>,
    in_reply_to_screen_name: Option<String>,
    user: User,
    retweet_count: i64,
    favorite_count: i64,
    entities: Entities,
    favorited: bool,
    retweeted: bool,
    lang: String,
}

#[derive(Deserialize)]
struct StatusMetadata {
    result_type: String,
    iso_language_code: String,
}

#[derive(Deserialize)]
struct User {
    id: u64,
    id_str: String,
    name: String,
    screen_name: String,
    location: String,
    description: String,
    url: Option<String>,
    protected: bool,
    followers_count: i64,
    friends_count: i64,
    listed_count: i64,
    created_at: String,
    favourites_count: i64,
    utc_offset: Option<i64>,
    time_zone: Option<String>,
    geo_enabled: bool,
    verified: bool,
    statuses_count: i64,
    lang: String,
    profile_image_url: String,
}

#[derive(Deserialize)]
struct Entities {
    hashtags: Vec<Hashtag>,
    urls: Vec<UrlEntity>,
    user_mentions: Vec<UserMention>,
}

#[derive(Deserialize)]
struct Hashtag {
    text: String,
    indices: Vec<i64>,
}

#[derive(Deserialize)]
struct UrlEntity {
    url: String,
    expanded_url: String,
    display_url: String,
    indices: Vec<i64>,
}

#[derive(Deserialize)]
struct UserMention {
    screen_name: String,
    name: String,
    id: u64,
    id_str: String,
    indices: Vec<i64>,
}

// canada.json: GeoJSON, about 111,000 coordinates.

#[derive(Deserialize)]
struct FeatureCollection {
    #[serde(rename = "type")]
    kind: String,
    features: Vec<Feature>,
}

#[derive(Deserialize)]
struct Feature {
    #[serde(rename = "type")]
    kind: String,
    properties: HashMap<String, String>,
    geometry: Geometry,
}

#[derive(Deserialize)]
struct Geometry {
    #[serde(rename = "type")]
    kind: String,
    coordinates: Vec<Vec<Vec<f64>>>,
}

/// A number read from every decoded document, so that no decode can be left out as unused
/// (`std::hint::black_box` is newer than Debian's rustc).
fn twitter_checksum(value: &TwitterSearch) -> u64 {
    let statuses = value.statuses.iter();
    statuses.fold(value.search_metadata.count as u64, |sum, status| {
        sum.wrapping_add(status.id ^ status.user.id)
            .wrapping_add(status.text.len() as u64)
    })
}

fn canada_checksum(value: &FeatureCollection) -> u64 {
    let features = value.features.iter();
    features.fold(value.kind.len() as u64, |sum, feature| {
        let rings = feature.geometry.coordinates.iter();
        let points = rings.fold(0u64, |points, ring| points + ring.len() as u64);
        sum + points
            + feature.kind.len() as u64
            + feature.properties.len() as u64
            + feature.geometry.kind.len() as u64
    })
}

/// How many of canada.json's coordinates serde_json decoded to another double than the one
/// nearest their text, and how many there are. Every number of the file is a coordinate (its
/// properties are strings), in the order the decoded rings hold them.
fn canada_rounding(bytes: &[u8]) -> (usize, usize) {
    let value: FeatureCollection = serde_json::from_slice(bytes).unwrap();
    let decoded: Vec<f64> = value
        .features
        .iter()
        .flat_map(|feature| feature.geometry.coordinates.iter())
        .flat_map(|ring| ring.iter())
        .flat_map(|point| point.iter())
        .copied()
        .collect();
    let text = std::str::from_utf8(bytes).expect("canada.json is UTF-8");
    let mut numbers = Vec::new();
    let (mut at, mut in_string) = (0, false);
    while at < bytes.len() {
        let byte = bytes[at];
        if in_string {
            match byte {
                b'\\' => at += 1,
                b'"' => in_string = false,
                _ => {}
            }
            at += 1;
        } else if byte == b'"' {
            in_string = true;
            at += 1;
        } else if byte == b'-' || byte.is_ascii_digit() {
            let start = at;
            while at < bytes.len()
                && matches!(bytes[at], b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
            {
                at += 1;
            }
            numbers.push(text[start..at].parse::<f64>().expect("a JSON number"));
        } else {
            at += 1;
        }
    }
    assert_eq!(
        decoded.len(),
        numbers.len(),
        "every number of canada.json is a coordinate"
    );
    let differing = decoded
        .iter()
        .zip(numbers.iter())
        .filter(|(got, nearest)| got.to_bits() != nearest.to_bits())
        .count();
    (differing, numbers.len())
}

fn decode(shape: &str, bytes: &[u8]) -> Result<u64, serde_json::Error> {
    match shape {
        "twitter" => serde_json::from_slice::<TwitterSearch>(bytes).map(|v| twitter_checksum(&v)),
        _ => serde_json::from_slice::<FeatureCollection>(bytes).map(|v| canada_checksum(&v)),
    }
}

fn main() {
    let mut arguments: Vec<String> = std::env::args().skip(1).collect();
    let mut samples = 15;
    if arguments.len() >= 2 && arguments[0] == "--samples" {
        samples = arguments[1].parse().expect("--samples takes a number");
        arguments.drain(0..2);
    }
    if arguments.is_empty() {
        eprintln!("usage: serde-anchor [--samples N] FILE... (twitter.json, canada.json)");
        std::process::exit(2);
    }
    let decoder = if cfg!(feature = "float_roundtrip") {
        "serde_json/float_roundtrip"
    } else {
        "serde_json"
    };
    for path in &arguments {
        let name = std::path::Path::new(path)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let shape = if name.contains("twitter") {
            "twitter"
        } else if name.contains("canada") {
            "canada"
        } else {
            eprintln!("{}: neither twitter nor canada", path);
            std::process::exit(2);
        };
        let bytes = std::fs::read(path).unwrap_or_else(|error| {
            eprintln!("cannot read {}: {}", path, error);
            std::process::exit(1);
        });
        // A warm-up that also checks the document fits the models, then sample sizes of about
        // 50 ms (as `make bench`'s harness sizes its samples).
        let mut checksum = decode(shape, &bytes).unwrap_or_else(|error| {
            eprintln!("{} does not decode as {}: {}", path, shape, error);
            std::process::exit(1);
        });
        if shape == "canada" {
            let (differing, count) = canada_rounding(&bytes);
            println!(
                "# {} {}: {} of {} coordinates are not the double nearest their text",
                decoder, name, differing, count
            );
        }
        let start = Instant::now();
        checksum ^= decode(shape, &bytes).unwrap();
        let once = start.elapsed().as_secs_f64().max(1e-6);
        let iterations = ((0.05 / once) as usize).max(1);
        let mut rates = Vec::with_capacity(samples);
        for _ in 0..samples {
            let start = Instant::now();
            for _ in 0..iterations {
                checksum = checksum.wrapping_add(decode(shape, &bytes).unwrap());
            }
            let seconds = start.elapsed().as_secs_f64();
            rates.push((bytes.len() * iterations) as f64 / seconds / 1_000_000.0);
        }
        rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let median = rates[rates.len() / 2];
        println!(
            "{} {} {:.1} {:.1} {:.1} {}",
            decoder,
            name,
            median,
            rates[0],
            rates[rates.len() - 1],
            samples
        );
        // Read once, volatile: the checksum, and so every decode, is used.
        let _ = unsafe { std::ptr::read_volatile(&checksum) };
    }
}
