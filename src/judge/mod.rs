//! The judging machinery.
