//! The tester's entry point: renders [`robotscope_web::App`] into the page's body.

fn main() {
    yew::Renderer::<robotscope_web::App>::new().render();
}
