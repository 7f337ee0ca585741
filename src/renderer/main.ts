// Pixi must install its CSP-safe shader paths before anything else touches it (strict CSP: no eval).
import 'pixi.js/unsafe-eval'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { resolveHost } from './platform/host'
import { HOST_INJECTION } from './platform/host/injection'
import './styles.css'

const app = createApp(App)
app.use(createPinia())
app.provide(HOST_INJECTION, resolveHost())
app.mount('#app')
