//! [`Shared`]: a reference-counted value compared by identity.

use std::ops::Deref;
use std::rc::Rc;

/// A value shared by the states that have it, equal only to itself: every change makes a new one, so comparing
/// pointers is exact and costs nothing, and a derived `PartialEq` of a struct of them misses no field.
#[derive(Debug, Default)]
pub struct Shared<T: ?Sized>(pub Rc<T>);

impl<T: ?Sized> Shared<T> {
    /// Shares `value`.
    pub fn new(value: T) -> Shared<T>
    where
        T: Sized,
    {
        Shared(Rc::new(value))
    }

    /// Whether `a` and `b` are the same value (both absent counts as the same).
    pub fn same(a: Option<&Shared<T>>, b: Option<&Shared<T>>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => a == b,
            (None, None) => true,
            _ => false,
        }
    }
}

impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(self.0.clone())
    }
}

impl<T: ?Sized> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: ?Sized> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl From<String> for Shared<str> {
    fn from(s: String) -> Shared<str> {
        Shared(Rc::from(s))
    }
}

impl From<&str> for Shared<str> {
    fn from(s: &str) -> Shared<str> {
        Shared(Rc::from(s))
    }
}

impl<T> From<Vec<T>> for Shared<[T]> {
    fn from(v: Vec<T>) -> Shared<[T]> {
        Shared(Rc::from(v))
    }
}
