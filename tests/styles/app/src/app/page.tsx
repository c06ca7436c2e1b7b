import styles from './page.module.css';
import { Card } from '../components/card';
export default function Home() { return <main><h1 className={styles.big}>home</h1><Card /></main>; }
