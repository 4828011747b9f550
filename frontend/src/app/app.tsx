export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, "Hiragino Sans", "Noto Sans JP", sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Kioku 記憶</h1>
      <p>Spaced-repetition study of kana, kanji and vocabulary in sentence context. The study screens are on their way.</p>
    </main>
  );
}
