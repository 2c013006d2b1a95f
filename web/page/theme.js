// The page's colours (<html class="dark">, index.html's stylesheet) follow the
// app's theme, which the app owns (its view state; the canvas's button,
// window.attention.setTheme and a link's theme= all change it there): set
// from each state it reports (program-events.js), and before it runs from the
// link's theme=, read as the app reads it (App::start: dark, else light).
export function showTheme(theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
}
