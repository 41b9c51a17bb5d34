//! The tester's entry point: renders [`robotscope_web::App`] into the page's body.

fn main() {
    // A bug that panics stops the app (a panic aborts WebAssembly): say so in the page rather than leave a page
    // that silently stops answering. The session was saved at the last pause in typing. (Yew's own hook, which
    // only logs to the console, would replace a plain `std::panic::set_hook`.)
    yew::set_custom_panic_hook(Box::new(|info| {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
        let (Ok(banner), Some(body)) = (document.create_element("div"), document.body()) else { return };
        banner.set_class_name("notice notice-error crashed");
        let _ = banner.set_attribute("role", "alert");
        banner.set_text_content(Some(&format!(
            "The tester stopped after an internal error (a bug: {info}). Your session was saved at the last pause \
             in typing: reload the page to go on."
        )));
        let _ = body.prepend_with_node_1(&banner);
    }));
    // A share link in the address is inflated first (the browser does it asynchronously), so that the app starts
    // on its session; the page's static shell shows meanwhile.
    wasm_bindgen_futures::spawn_local(async {
        robotscope_web::hooks::open_start_link().await;
        yew::Renderer::<robotscope_web::App>::new().render();
    });
}
